// Fluent's theme as CSS variables on :root (see theme/theme-css.mjs), linked from index.html before any script.
import './theme/web-light-theme.css';

// The async boundary: shared singletons are negotiated before React starts.
import('./bootstrap');
