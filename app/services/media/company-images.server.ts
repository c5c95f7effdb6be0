import { projects } from '~/content/portfolio';
import { toImage, type ProductImage } from '../catalogue/products.server';
import { renderLocationPicture, renderScene } from './demo-images.server';
import { storeImage } from './storage.server';
import { siteInfo } from '../site.server';

// The company pages' pictures are drawn, not uploaded: the portfolio scenes and the contact
// page's location picture. They are part of the site rather than of the demo catalogue, so a
// production database without the demo seed has them too: each is drawn once per process on
// first use and kept in media storage, whose content-hash keys make a second drawing (another
// instance, a restart) land on the same files.

let pictures: Promise<Map<string, ProductImage>> | undefined;

async function drawAll(): Promise<Map<string, ProductImage>> {
  const out = new Map<string, ProductImage>();
  for (const project of projects) {
    for (const picture of project.pictures) {
      const stored = await storeImage(await renderScene(picture.scene, picture.hue), {
        folder: 'company',
      });
      out.set(picture.key, toImage(stored));
    }
  }
  const site = siteInfo();
  const location = await storeImage(await renderLocationPicture(site.name, site.address), {
    folder: 'company',
  });
  out.set('location', toImage(location));
  return out;
}

/**
 * Every company picture by key (the portfolio pictures' keys and 'location'), drawn on the first
 * call. A failed drawing is not cached, so the next request tries again.
 */
export function companyPictures(): Promise<Map<string, ProductImage>> {
  pictures ??= drawAll().catch((error: unknown) => {
    pictures = undefined;
    throw error;
  });
  return pictures;
}
