import { type RouteConfig, index, route } from '@react-router/dev/routes';

// The site map in one screen: every URL and the module that serves it.
export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx', { id: 'shop' }),
  route('shop/sports/:sportsId', 'routes/shop.tsx', { id: 'shop-sport' }),
  route('shop/category/:categoryId', 'routes/shop.tsx', { id: 'shop-category' }),
  route('products/:productId', 'routes/products.$productId.tsx'),
  route('products/:productId/sheet.pdf', 'routes/products.$productId.sheet.ts'),
  route('login', 'routes/login.tsx'),
  route('login/google', 'routes/login.google.ts'),
  route('login/two-factor', 'routes/login.two-factor.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('register', 'routes/register.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('profile', 'routes/profile.tsx'),
  // Everything the shop holds about the signed-in customer: data.json or data.html.
  route('profile/data.json', 'routes/profile.data.ts', { id: 'profile-data-json' }),
  route('profile/data.html', 'routes/profile.data.ts', { id: 'profile-data-html' }),
  route('orders', 'routes/orders.tsx'),
  route('orders/:id', 'routes/orders.$id.tsx'),
  route('orders/:id/quotations/:file', 'routes/orders.$id.quotations.$file.ts'),
  route('orders/:id/invoices/:file', 'routes/orders.$id.invoices.$file.ts'),
  // Private files (attachments), one route per audience, each checking access itself.
  route('orders/:id/files/:fileId', 'routes/orders.$id.files.$fileId.ts'),
  // A guest's enquiry confirmation, behind the unguessable link in its acknowledgement e-mail.
  route('enquiries/:token', 'routes/enquiries.$token.tsx'),
  route('enquiries/:token/quotations/:file', 'routes/enquiries.$token.quotations.$file.ts'),
  route('enquiries/:token/invoices/:file', 'routes/enquiries.$token.invoices.$file.ts'),
  route('enquiries/:token/files/:fileId', 'routes/enquiries.$token.files.$fileId.ts'),
  // A quotation revision behind the unguessable link in its e-mail: read it, accept, decline or
  // ask for changes without an account; every revision's PDF through the same link.
  route('quotations/:token', 'routes/quotations.$token.tsx'),
  route('quotations/:token/:file', 'routes/quotations.$token.$file.ts'),
  route('about-us', 'routes/about-us.tsx'),
  route('contact-us', 'routes/contact-us.tsx'),
  route('portfolio', 'routes/portfolio.tsx'),
  route('napfa', 'routes/napfa.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('admin', 'routes/admin.tsx', [
    index('routes/admin._index.tsx'),
    // Products.
    route('list', 'routes/admin.list.tsx'),
    route('create', 'routes/admin.create.tsx'),
    route('edit/:productId', 'routes/admin.edit.$productId.tsx'),
    // The catalogue in bulk: spreadsheet and images out, a checked import in (with its progress).
    route('catalogue.csv', 'routes/admin.catalogue-export.ts', { id: 'catalogue-csv' }),
    route('catalogue.xlsx', 'routes/admin.catalogue-export.ts', { id: 'catalogue-xlsx' }),
    route('catalogue-images.zip', 'routes/admin.catalogue-export.ts', { id: 'catalogue-zip' }),
    route('import', 'routes/admin.import.tsx'),
    route('import/:id', 'routes/admin.import.$id.tsx'),
    route('import/:id/report.csv', 'routes/admin.import.$id.report.ts'),
    // Sports, categories and the activity log (taxonomy work).
    route('create-sport', 'routes/admin.create-sport.tsx'),
    route('create-categories', 'routes/admin.create-categories.tsx'),
    route('sports', 'routes/admin.sports.tsx'),
    route('categories', 'routes/admin.categories.tsx'),
    route('activity', 'routes/admin.activity.tsx'),
    // The staff inbox: enquiries (with quotations and the CSV export) and contact messages.
    route('enquiries', 'routes/admin.enquiries.tsx'),
    route('enquiries.csv', 'routes/admin.enquiries.csv.ts'),
    // An enquiry that did not come through the cart (a call, an e-mail, a visit, a contact message).
    route('enquiries/new', 'routes/admin.enquiries.new.tsx'),
    route('enquiries/:id', 'routes/admin.enquiries.$id.tsx'),
    route('enquiries/:id/quotation', 'routes/admin.enquiries.$id.quotation.tsx'),
    route('enquiries/:id/quotation/preview', 'routes/admin.enquiries.$id.quotation.preview.ts'),
    route('enquiries/:id/quotations/:file', 'routes/admin.enquiries.$id.quotations.$file.ts'),
    // A private file of the enquiry: the buyer's attachments, a reply's, a purchase order.
    route('enquiries/:id/files/:fileId', 'routes/admin.enquiries.$id.files.$fileId.ts'),
    // Orders confirmed from accepted quotations, their tax invoices and credit notes.
    // Customers: accounts and guests by e-mail address, each with their enquiries and values.
    route('customers', 'routes/admin.customers.tsx'),
    route('customers/:key', 'routes/admin.customers.$key.tsx'),
    route('orders', 'routes/admin.orders.tsx'),
    route('orders/:id', 'routes/admin.orders.$id.tsx'),
    route('orders/:id/documents/:file', 'routes/admin.orders.$id.documents.$file.ts'),
    // Requests about a person's data (access, deletion) and the company's figures.
    route('privacy', 'routes/admin.privacy.tsx'),
    route('privacy/export', 'routes/admin.privacy.export.ts'),
    route('reports', 'routes/admin.reports.tsx'),
    route('reports.csv', 'routes/admin.reports.csv.ts'),
    // Visitors' Core Web Vitals, from the beacons counted at POST /api/rum (server/rum.ts).
    route('speed', 'routes/admin.speed.tsx'),
    route('messages', 'routes/admin.messages.tsx'),
    route('messages/:id', 'routes/admin.messages.$id.tsx'),
    route('messages/:id/read', 'routes/admin.messages.$id.read.ts'),
    // Canned replies: snippets staff insert into replies.
    route('replies', 'routes/admin.replies.tsx'),
    // Any other /admin/… address goes through the guard before its 404: a guest is sent to sign
    // in and a customer gets 403, so nobody outside learns which back-office pages exist.
    route('*', 'routes/admin.$.tsx'),
  ]),
  route('*', 'routes/$.tsx'),
] satisfies RouteConfig;
