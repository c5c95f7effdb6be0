import { describe, expect, it } from 'vitest';
import { idParam } from './route-id';

describe('idParam', () => {
  it('reads a numeric segment and gives 0 for anything no row can have', () => {
    expect(idParam('42')).toBe(42);
    expect(idParam('abc')).toBe(0);
    expect(idParam('1e3')).toBe(0);
    expect(idParam('9999999999')).toBe(0);
    expect(idParam(undefined)).toBe(0);
  });
});
