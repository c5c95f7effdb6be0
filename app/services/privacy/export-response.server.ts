import { downloadResponse } from '../sales/download.server';
import { siteInfo } from '../site.server';
import { collectPersonData, personDataHtml, type PersonData } from './person-data.server';

export type ExportFormat = 'json' | 'html';

/**
 * Everything held about an address as a download: JSON (for another system) or a readable HTML
 * document, named after the day it was made. Never cached.
 */
export async function personDataDownload(
  email: string,
  format: ExportFormat,
  now = new Date(),
): Promise<{ response: Response; data: PersonData }> {
  const data = await collectPersonData(email, now);
  const day = now.toISOString().slice(0, 10);
  const response =
    format === 'json'
      ? downloadResponse({
          fileName: `personal-data-${day}.json`,
          contentType: 'application/json; charset=utf-8',
          data: Buffer.from(JSON.stringify(data, null, 2)),
        })
      : downloadResponse({
          fileName: `personal-data-${day}.html`,
          contentType: 'text/html; charset=utf-8',
          data: Buffer.from(personDataHtml(data, siteInfo().name)),
        });
  return { response, data };
}
