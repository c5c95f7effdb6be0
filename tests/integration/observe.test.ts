// The request id a response carries and the route label the log and the metrics use
// (server/observe.ts), without a server.
import { describe, expect, it } from 'vitest';
import { requestIdFrom, routeLabeller } from '../../server/observe';

describe('the request id', () => {
  it("keeps a proxy's short token of safe characters and replaces anything else", () => {
    expect(requestIdFrom('lb-7f3a.19_2')).toBe('lb-7f3a.19_2');
    for (const bad of [undefined, '', 'x'.repeat(65), 'buyer@school.example', 'a b', ['a', 'b']]) {
      const id = requestIdFrom(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(id).not.toBe(bad);
    }
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});

describe('the route label', () => {
  const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
    id,
    parentId,
    path,
    index,
    module: {} as never,
  });
  const label = routeLabeller({
    root: route('root', undefined, ''),
    home: route('routes/home', 'root', undefined, true),
    product: route('routes/product', 'root', 'products/:productId'),
    admin: route('routes/admin', 'root', 'admin'),
    adminIndex: route('routes/admin._index', 'routes/admin', undefined, true),
    adminEdit: route('routes/admin.edit', 'routes/admin', 'edit/:productId'),
    missing: route('routes/$', 'root', '*'),
  });

  it('is the pattern of the route that serves the path, never the path itself', () => {
    expect(label('/')).toBe('/');
    expect(label('/products/3')).toBe('/products/:productId');
    expect(label('/products/99999')).toBe('/products/:productId');
    expect(label('/admin')).toBe('/admin');
    expect(label('/admin/edit/12')).toBe('/admin/edit/:productId');
    expect(label('/enquiries/Q2xhc3NpY1Rva2Vu')).toBe('/*');
    expect(label('/buyer@school.example')).toBe('/*');
  });
});
