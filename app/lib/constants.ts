/** Business constants: limits and fixed values the whole product shares. */
export const PAGE_SIZE = 16;
export const SKELETON_CARDS = 8;
export const MAX_PRODUCT_IMAGES = 3;
export const FULL_NAME_MAX = 45;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PHONE_MIN = 7;
export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;
export const TOAST_DURATION_MS = 5000;
/** The name a guest's enquiry is stored under when the guest gave none. */
export const GUEST_NAME = 'Guest';
