/** The stylesheet the page's script imports; esbuild bundles it into app.css. */
declare module '*.css';
