import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projects } from '~/content/portfolio';
import { companyPictures } from './company-images.server';
import { uploadsDir } from './storage.server';

describe('companyPictures', () => {
  it('draws every portfolio picture and the location picture once, into media storage', async () => {
    const pictures = await companyPictures();
    const keys = [...projects.flatMap((p) => p.pictures.map((x) => x.key)), 'location'];
    expect([...pictures.keys()].sort()).toEqual(keys.sort());
    for (const picture of pictures.values()) {
      expect(picture).toMatchObject({ width: 1200, height: 675 });
      expect(picture.srcSet).toMatch(/-320\.webp 320w, .*-640\.webp 640w/);
      const file = path.join(uploadsDir(), picture.src.replace(/^\/media\//, ''));
      expect(existsSync(file)).toBe(true);
    }
    // Drawn once per process: the second call answers from memory with the same pictures.
    expect(await companyPictures()).toBe(pictures);
  });
});
