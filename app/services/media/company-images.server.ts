import { createHash } from 'node:crypto';
import { projects } from '~/content/portfolio';
import { toImage, type ProductImage } from '../catalogue/products.server';
import { locationSvg, renderSvg, SCENE_SIZE, sceneSvg } from './demo-images.server';
import { imageKeys, storage, storedImageLayout, storeImage } from './storage.server';
import { siteInfo } from '../site.server';

// The company pages' pictures are drawn, not uploaded: the portfolio scenes and the contact
// page's location picture. They are part of the site rather than of the demo catalogue, so a
// production database without the demo seed has them too. Each is stored under a name made from
// its drawing (the SVG source, its size and DRAWING_VERSION), so a start finds the pictures an
// earlier start or another instance stored and draws only what is missing.

/** Bump when the JPEG/WebP encoding of the drawings changes (the SVG is in the name already). */
const DRAWING_VERSION = 1;
const FOLDER = 'company';

/** How many pictures this process has drawn (for the test that a second start draws none). */
export const companyPictureStats = { drawn: 0 };

let pictures: Promise<Map<string, ProductImage>> | undefined;

async function stored(svg: string) {
  const { width, height } = SCENE_SIZE;
  const name = createHash('sha256')
    .update(`${DRAWING_VERSION}:${width}x${height}:${svg}`)
    .digest('hex')
    .slice(0, 20);
  const layout = storedImageLayout(FOLDER, name, width, height);
  const present = await Promise.all(imageKeys(layout).map((key) => storage().has(key)));
  if (present.every(Boolean)) return toImage(layout);
  companyPictureStats.drawn++;
  return toImage(await storeImage(await renderSvg(svg), { folder: FOLDER, name }));
}

async function drawAll(): Promise<Map<string, ProductImage>> {
  const out = new Map<string, ProductImage>();
  for (const project of projects) {
    for (const picture of project.pictures) {
      out.set(picture.key, await stored(sceneSvg(picture.scene, picture.hue)));
    }
  }
  const site = siteInfo();
  out.set('location', await stored(locationSvg(site.name, site.address)));
  return out;
}

/**
 * Every company picture by key (the portfolio pictures' keys and 'location'), found in storage
 * or drawn on the first call. A failed drawing is not cached, so the next request tries again.
 */
export function companyPictures(): Promise<Map<string, ProductImage>> {
  pictures ??= drawAll().catch((error: unknown) => {
    pictures = undefined;
    throw error;
  });
  return pictures;
}

/** Forgets this process's copy, as a restart would (tests). */
export function forgetCompanyPictures(): void {
  pictures = undefined;
}
