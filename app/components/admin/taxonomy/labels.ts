import type { FormSchema } from '~/lib/forms';
import {
  CategoryFormSchema,
  RenameCategorySchema,
  RenameSportSchema,
  SportFormSchema,
} from '~/lib/schemas/taxonomy';

/** What the sports and categories pages say and link to; the pages are otherwise the same. */
export interface TaxonomyCopy {
  kind: 'sport' | 'category';
  one: string;
  many: string;
  title: string;
  createTitle: string;
  fieldLabel: string;
  listHref: string;
  createHref: string;
  shopHref: (id: number) => string;
  /** The back office's product list of the products using it. */
  productsHref: (id: number) => string;
  createSchema: FormSchema;
  renameSchema: FormSchema;
}

export const SPORT_COPY: TaxonomyCopy = {
  kind: 'sport',
  one: 'sport',
  many: 'sports',
  title: 'Sports',
  createTitle: 'Add Sports',
  fieldLabel: 'Sport name',
  listHref: '/admin/sports',
  createHref: '/admin/create-sport',
  shopHref: (id) => `/shop/sports/${id}`,
  productsHref: (id) => `/admin/list?sport=${id}`,
  createSchema: SportFormSchema,
  renameSchema: RenameSportSchema,
};

export const CATEGORY_COPY: TaxonomyCopy = {
  kind: 'category',
  one: 'category',
  many: 'categories',
  title: 'Categories',
  createTitle: 'Add Categories',
  fieldLabel: 'Category name',
  listHref: '/admin/categories',
  createHref: '/admin/create-categories',
  shopHref: (id) => `/shop/category/${id}`,
  productsHref: (id) => `/admin/list?category=${id}`,
  createSchema: CategoryFormSchema,
  renameSchema: RenameCategorySchema,
};
