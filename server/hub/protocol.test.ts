import { describe, expect, it } from 'vitest';
import { closeRecord, ProtocolError, parseMessage, RecordReader, RS, resultRecord } from './protocol';

const bytes = (text: string) => Buffer.from(text);

describe('RecordReader', () => {
  it('splits several records of one chunk and joins a record cut across chunks', () => {
    const reader = new RecordReader(100);
    expect(reader.push(bytes(`{"a":1}${RS}{"b":2}${RS}{"c"`))).toEqual(['{"a":1}', '{"b":2}']);
    expect(reader.push(bytes(':3'))).toEqual([]);
    expect(reader.push(bytes(`}${RS}`))).toEqual(['{"c":3}']);
    expect(reader.push(bytes(RS))).toEqual(['']);
  });

  it('keeps multi-byte characters whole when a chunk cuts one in half', () => {
    const reader = new RecordReader(100);
    const all = bytes(`"é€"${RS}`);
    expect(reader.push(all.subarray(0, 2))).toEqual([]);
    expect(reader.push(all.subarray(2, 5))).toEqual([]);
    expect(reader.push(all.subarray(5))).toEqual(['"é€"']);
  });

  it('refuses a record, or an unterminated tail, over the limit (in bytes)', () => {
    expect(() => new RecordReader(4).push(bytes(`12345${RS}`))).toThrow(ProtocolError);
    expect(() => new RecordReader(4).push(bytes(`ééé${RS}`))).toThrow('larger than the 4-byte limit');
    expect(new RecordReader(4).push(bytes(`1234${RS}`))).toEqual(['1234']);
    const reader = new RecordReader(4);
    reader.push(bytes('123'));
    expect(() => reader.push(bytes('45'))).toThrow(ProtocolError);
  });
});

describe('records', () => {
  it('writes falsy results and leaves out an undefined one', () => {
    expect(resultRecord('1', 0)).toBe(`{"type":3,"invocationId":"1","result":0}${RS}`);
    expect(resultRecord('1', false)).toBe(`{"type":3,"invocationId":"1","result":false}${RS}`);
    expect(resultRecord('1', '')).toBe(`{"type":3,"invocationId":"1","result":""}${RS}`);
    expect(resultRecord('1', null)).toBe(`{"type":3,"invocationId":"1","result":null}${RS}`);
    expect(resultRecord('1', undefined)).toBe(`{"type":3,"invocationId":"1"}${RS}`);
  });

  it('writes allowReconnect only when true', () => {
    expect(closeRecord(undefined, false)).toBe(`{"type":7}${RS}`);
    expect(closeRecord('Bye.', true)).toBe(`{"type":7,"error":"Bye.","allowReconnect":true}${RS}`);
  });

  it('checks what the client sends', () => {
    expect(parseMessage('{"type":1,"target":"Echo","arguments":[0]}')).toEqual({
      type: 1,
      target: 'Echo',
      arguments: [0],
    });
    expect(parseMessage('{"type":6}')).toEqual({ type: 6 });
    expect(parseMessage('{"type":8,"sequenceId":1}')).toEqual({ type: 'ignored' });
    expect(() => parseMessage('{"type":1,"target":"","arguments":[]}')).toThrow('no target');
    expect(() => parseMessage('{"type":1,"invocationId":5,"target":"x","arguments":[]}')).toThrow(
      'invocationId',
    );
    expect(() => parseMessage('{"type":4,"target":"x","arguments":[]}')).toThrow('no invocationId');
    expect(() => parseMessage('[1]')).toThrow('no type');
    expect(() => parseMessage('{')).toThrow('not valid JSON');
  });
});
