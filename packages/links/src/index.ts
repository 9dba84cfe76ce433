export { collectionLink, relatedLink, selfLink, type Link } from './link.js';
export { resourceHref } from './href.js';
export { rootDocument, type RootDocument, type RootDocumentOptions, type RootEntry } from './root-document.js';
