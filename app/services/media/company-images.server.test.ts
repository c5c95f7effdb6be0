import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projects } from '~/content/portfolio';
import {
  companyPictures,
  companyPictureStats,
  forgetCompanyPictures,
} from './company-images.server';
import { uploadsDir } from './storage.server';

const fileOf = (src: string) => path.join(uploadsDir(), src.replace(/^\/media\//, ''));

describe('companyPictures', () => {
  it('draws every portfolio picture and the location picture once, into media storage', async () => {
    const before = companyPictureStats.drawn;
    const pictures = await companyPictures();
    const keys = [...projects.flatMap((p) => p.pictures.map((x) => x.key)), 'location'];
    expect([...pictures.keys()].sort()).toEqual(keys.sort());
    expect(companyPictureStats.drawn - before).toBe(keys.length);
    for (const picture of pictures.values()) {
      expect(picture).toMatchObject({ width: 1200, height: 675 });
      expect(picture.srcSet).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-1200\.webp 1200w$/);
      expect(existsSync(fileOf(picture.src))).toBe(true);
      for (const entry of picture.srcSet.split(', '))
        expect(existsSync(fileOf(entry.split(' ')[0]!))).toBe(true);
    }
    // Drawn once per process: the second call answers from memory with the same pictures.
    expect(await companyPictures()).toBe(pictures);
  });

  it('draws nothing on a start that finds them stored, and only what is missing', async () => {
    const first = await companyPictures();
    forgetCompanyPictures(); // a restart
    const before = companyPictureStats.drawn;
    const again = await companyPictures();
    expect(companyPictureStats.drawn).toBe(before);
    expect(again).not.toBe(first);
    expect([...again.entries()]).toEqual([...first.entries()]);

    // One variant file lost: that picture alone is drawn again, under the same name.
    const lost = again.get('location')!;
    rmSync(fileOf(lost.srcSet.split(', ')[0]!.split(' ')[0]!));
    forgetCompanyPictures();
    const mended = await companyPictures();
    expect(companyPictureStats.drawn).toBe(before + 1);
    expect(mended.get('location')).toEqual(lost);
    expect(existsSync(fileOf(lost.srcSet.split(', ')[0]!.split(' ')[0]!))).toBe(true);
  });
});
