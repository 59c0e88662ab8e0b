// Fluent's themes are stylesheets linked by index.html (theme/web-light-theme.css on :root,
// theme/web-dark-theme.css on :root[data-theme="dark"]; theme/theme-init.js picks the theme before the first
// paint), so this entry carries no theme and no CSS loader.

// The async boundary: shared singletons are negotiated before React starts.
import('./bootstrap');
