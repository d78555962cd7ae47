import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatPopupHash, parsePopupHash, planPopupClose, planPopupOpen, useHashPopup } from './use-hash-popup';

/** A browser's history reduced to what the hook touches: entries of hash + state, and the current index. */
class FakeHistory {
  entries: { hash: string; state: unknown }[];
  index = 0;
  constructor(hash = '', state: unknown = null) {
    this.entries = [{ hash, state }];
  }
  get current() {
    return this.entries[this.index]!;
  }
  open(name: string, param?: string) {
    const plan = planPopupOpen(this.current.hash, name, param);
    if (!plan) return;
    this.entries = [...this.entries.slice(0, this.index + 1), { hash: plan.hash, state: plan.state }];
    this.index += 1;
  }
  close(name: string) {
    const plan = planPopupClose(this.current.hash, this.current.state, name);
    if (plan.kind === 'back') this.back();
    else if (plan.kind === 'replace') this.entries[this.index] = { hash: plan.hash, state: this.current.state };
  }
  back() {
    this.index = Math.max(0, this.index - 1);
  }
  openNames() {
    return parsePopupHash(this.current.hash).map((popup) => popup.name);
  }
}

describe('hash popups: parse and format', () => {
  it('reads one segment per popup, the last on top, with an optional parameter', () => {
    expect(parsePopupHash('')).toEqual([]);
    expect(parsePopupHash('#')).toEqual([]);
    expect(parsePopupHash('#paste')).toEqual([{ name: 'paste' }]);
    expect(parsePopupHash('#guest-delete/abc-123')).toEqual([{ name: 'guest-delete', param: 'abc-123' }]);
    expect(parsePopupHash('#paste&guest-delete/a%2Fb')).toEqual([{ name: 'paste' }, { name: 'guest-delete', param: 'a/b' }]);
  });

  it('skips what is no popup name and survives a broken escape', () => {
    expect(parsePopupHash('#Bad Name&&paste')).toEqual([{ name: 'paste' }]);
    expect(parsePopupHash('#guest-delete/%E0%A4%A')).toEqual([{ name: 'guest-delete' }]);
    expect(parsePopupHash('#guest-delete/')).toEqual([{ name: 'guest-delete' }]);
  });

  it('formats back to the same hash', () => {
    const hash = 'waiting-guests&guest-delete/x%20y';
    expect(formatPopupHash(parsePopupHash(`#${hash}`))).toBe(hash);
    expect(formatPopupHash([])).toBe('');
  });
});

describe('hash popups: open, close, back, reload', () => {
  it('opening pushes a segment; closing it pops the same entry (no new history)', () => {
    const history = new FakeHistory();
    history.open('guest-delete', 'g1');
    expect(history.current.hash).toBe('guest-delete/g1');
    expect(history.entries).toHaveLength(2);
    history.close('guest-delete');
    expect(history.index).toBe(0);
    expect(history.current.hash).toBe('');
  });

  it('the back button closes the top popup only', () => {
    const history = new FakeHistory();
    history.open('paste');
    history.open('confirm');
    expect(history.openNames()).toEqual(['paste', 'confirm']);
    history.back();
    expect(history.openNames()).toEqual(['paste']);
    history.back();
    expect(history.openNames()).toEqual([]);
  });

  it('a popup from a shared link (no state of ours) is closed by replacing the entry, not by leaving the page', () => {
    const history = new FakeHistory('#guest-delete/g1', null);
    history.close('guest-delete');
    expect(history.entries).toHaveLength(1);
    expect(history.current.hash).toBe('');
  });

  it('after a reload (same hash and state) the popup is open and closing still pops', () => {
    const history = new FakeHistory();
    history.open('import');
    const reloaded = { ...history.current };
    expect(parsePopupHash(`#${reloaded.hash}`)).toEqual([{ name: 'import' }]);
    expect(planPopupClose(`#${reloaded.hash}`, reloaded.state, 'import')).toEqual({ kind: 'back' });
  });

  it('closing a popup under another replaces, keeping the one on top; opening an open one again does nothing', () => {
    const history = new FakeHistory('#waiting-guests');
    history.open('paste');
    history.open('contacts');
    expect(planPopupOpen(`#${history.current.hash}`, 'contacts')).toBeNull();
    history.close('paste');
    expect(history.current.hash).toBe('waiting-guests&contacts');
    expect(history.index).toBe(2);
    expect(planPopupClose('#paste', null, 'import')).toEqual({ kind: 'none' });
  });

  it('a new parameter moves the popup to the top with it', () => {
    expect(planPopupOpen('#guest-delete/a&paste', 'guest-delete', 'b')?.hash).toBe('paste&guest-delete/b');
  });
});

function Probe({ name }: { name: string }) {
  const popup = useHashPopup(name);
  return <p>{`${name}:${popup.open ? 'open' : 'closed'}:${popup.param ?? '-'}`}</p>;
}

const renderAt = (hash: string, name: string) => {
  const router = createMemoryRouter([{ path: '/event/:id/guest/list', element: <Probe name={name} /> }], {
    initialEntries: [{ pathname: '/event/e1/guest/list', hash }],
  });
  return renderToString(<RouterProvider router={router} />);
};

describe('useHashPopup', () => {
  it('opens from the address alone (a shared link or a reload)', () => {
    expect(renderAt('#guest-delete/g7', 'guest-delete')).toContain('guest-delete:open:g7');
    expect(renderAt('#paste&guest-delete/g7', 'paste')).toContain('paste:open:-');
    expect(renderAt('', 'paste')).toContain('paste:closed:-');
    expect(renderAt('#pastes', 'paste')).toContain('paste:closed:-');
  });
});
