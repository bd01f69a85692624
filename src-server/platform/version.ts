/** The product's version (package.json), bundled into the server at build time. */
import pkg from '../../package.json' with { type: 'json' };

export const PRODUCT_VERSION: string = pkg.version;
