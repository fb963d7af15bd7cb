// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, type AvatarPerson } from './Avatar';
import { FileIcon } from './FileIcon';
import { GroupBox } from './GroupBox';

afterEach(() => cleanup());

const ann: AvatarPerson = {
  EmployeeID: 1042,
  FirstName: 'Ann',
  LastName: 'Lee',
  Name: 'Ann Lee',
  BackColor: '#123456',
  TextColor: '#ffffff',
  PhotoExists: false,
  Title: 'Welder',
};

describe('Avatar (spec 000 §2.4, §3.2)', () => {
  it('sizes xs/s/default/l/xl are 20/30/45/60/90 px', () => {
    const sizes = { xs: 20, s: 30, default: 45, l: 60, xl: 90 } as const;
    for (const [size, px] of Object.entries(sizes)) {
      const { unmount } = render(<Avatar person={ann} size={size as keyof typeof sizes} />);
      const el = screen.getByRole('img', { name: 'Ann Lee' });
      expect(el.style.width, size).toBe(`${px}px`);
      expect(el.style.height, size).toBe(`${px}px`);
      unmount();
    }
  });
  it('shows initials on the back colour in the text colour without a photo', () => {
    render(<Avatar person={ann} />);
    const el = screen.getByRole('img', { name: 'Ann Lee' });
    expect(el.textContent).toBe('AL');
    expect(el.style.background).toBe('rgb(18, 52, 86)');
    expect(el.style.color).toBe('rgb(255, 255, 255)');
    expect(el.title).toBe('Ann Lee, Welder');
  });
  it('shows the photo from mes/GetEmployeePhoto when it exists, and initials if it fails to load', () => {
    render(<Avatar person={{ ...ann, PhotoExists: true }} size="l" />);
    const img = screen.getByRole('img', { name: 'Ann Lee' }) as HTMLImageElement;
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('src')).toBe('/api/mes/GetEmployeePhoto?photo=1042.bmp');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Ann Lee' }).textContent).toBe('AL');
  });
  it('uses the photo address the app passes', () => {
    render(<Avatar person={{ ...ann, PhotoExists: true }} photoUrl={(id) => `/p/${id}?t=x`} />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/p/1042?t=x');
  });
});

describe('FileIcon (spec 000 §2.4)', () => {
  it('draws the icon of the extension, case-insensitive, with a generic fallback', () => {
    render(
      <>
        <FileIcon fileName="Drawing.DWG" />
        <FileIcon fileName="notes.zip" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'DWG drawing' }).textContent).toBe('DWG');
    expect(screen.getByRole('img', { name: 'File' }).getAttribute('title')).toBe('notes.zip');
  });
});

describe('GroupBox (spec 000 §2.4)', () => {
  it('shows the captions it is given, and none it is not', () => {
    const { container, rerender } = render(
      <GroupBox caption="Bundle" rightCaption="3 parts">
        body
      </GroupBox>,
    );
    expect(screen.getByRole('region', { name: 'Bundle' }).className).toContain('sw-groupbox');
    expect(container.querySelector('.sw-groupbox-caption')?.textContent).toBe('Bundle');
    expect(container.querySelector('.sw-groupbox-caption-right')?.textContent).toBe('3 parts');
    rerender(<GroupBox>body</GroupBox>);
    expect(container.querySelector('.sw-groupbox-caption')).toBeNull();
    expect(container.querySelector('.sw-groupbox-caption-right')).toBeNull();
  });
});
