import type { SiteInfo } from '~/lib/site';
import { env } from './env.server';

let cached: SiteInfo | undefined;

/** The company details from configuration, computed once. */
export function siteInfo(): SiteInfo {
  if (cached) return cached;
  const e = env();
  const social = [
    { label: 'Facebook', href: e.SITE_FACEBOOK },
    { label: 'Instagram', href: e.SITE_INSTAGRAM },
    { label: 'LinkedIn', href: e.SITE_LINKEDIN },
  ].filter((s): s is { label: string; href: string } => Boolean(s.href));
  cached = {
    name: e.SITE_NAME,
    address: e.SITE_ADDRESS,
    email: e.SITE_EMAIL,
    phone: e.SITE_PHONE,
    uen: e.SITE_UEN,
    gstRegNo: e.SITE_GST_REG_NO ?? null,
    social,
  };
  return cached;
}
