// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStore } from './toasts';
import { WidgetGallery } from './WidgetGallery';

afterEach(() => cleanup());

describe('WidgetGallery', () => {
  it('renders every widget section without a router', () => {
    render(<WidgetGallery />);
    for (const caption of [
      'Modal',
      'Toasts and alerts',
      'Avatars',
      'File icons',
      'Tooltip',
      'Numeric inputs',
      'Selects',
      'Validators',
      'Formats',
    ]) {
      expect(screen.getByRole('region', { name: caption }), caption).toBeTruthy();
    }
    expect(screen.getByDisplayValue('$1,234.50')).toBeTruthy();
    expect(screen.getByLabelText('Rate (percent) = 0.075')).toHaveProperty('value', '7.5');
  });

  it('opens stacked modals and shows an alert question from its buttons', () => {
    render(<WidgetGallery />);
    fireEvent.click(screen.getByRole('button', { name: 'Stacked' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open a second modal' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Second modal (z-index 103)' }), { key: 'Escape' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Question' }));
    expect(screen.getByRole('alertdialog', { name: 'Please confirm' })).toBeTruthy();
  });

  it("uses the app's toast store when given one, without a second host", () => {
    const toasts = createToastStore();
    render(<WidgetGallery toasts={toasts} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download toast' }));
    expect(toasts.getSnapshot()[0]?.message).toBe('File "Rack.dwg" downloaded successfully!');
    expect(document.querySelector('.sw-toasts')).toBeNull();
  });
});
