import { describe, expect, it } from 'vitest';
import { authorizeTopic } from '../live/topics';
import { displayTopic, tvBoardPathProblem } from './display';

describe('TV remote: where a TV may be sent', () => {
  it('a TV board with its parameter, or with ?plant= of a known plant', () => {
    expect(tvBoardPathProblem('/tv/productionmonitor/LV-CUT01')).toBeNull();
    expect(tvBoardPathProblem('/tv/kpimonitor/1')).toBeNull();
    expect(tvBoardPathProblem('/tv/faceboard?plant=1')).toBeNull();
    expect(tvBoardPathProblem('/tv/faceboard')).toBeNull();
  });
  it('not the chooser, not another interface, not an unknown address, no other query', () => {
    const no = 'That is not a TV board address.';
    expect(tvBoardPathProblem('/tv/start')).toBe(no);
    expect(tvBoardPathProblem('/tv')).toBe(no);
    expect(tvBoardPathProblem('/payroll')).toBe(no);
    expect(tvBoardPathProblem('/tv/nothing/here')).toBe(no);
    expect(tvBoardPathProblem('/tv/faceboard?plant=1?x=2')).toBe(no);
    expect(tvBoardPathProblem('/tv/faceboard#top')).toBe(no);
    expect(tvBoardPathProblem('https://example.com/tv/faceboard')).toBe(no);
    expect(tvBoardPathProblem('/tv/faceboard?plant=99')).toBe(
      'The only thing a TV address may ask is ?plant= with a plant of the list.',
    );
    expect(tvBoardPathProblem('/tv/faceboard?next=/payroll')).toBe(
      'The only thing a TV address may ask is ?plant= with a plant of the list.',
    );
  });
  it('display:{code} is public (a TV has no login); only six digits', () => {
    expect(authorizeTopic(null, displayTopic('482913'))).toBeNull();
    expect(authorizeTopic(null, 'display:12')).toBe('There is no topic named display:12.');
  });
});
