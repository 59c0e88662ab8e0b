// Sets <html data-theme> before the first paint (see README "Dark mode"); loaded by index.html, blocking.
// Only the active theme's stylesheet loads (issue 25): index.html names both on this script's data-light and
// data-dark; the first is written into the head while the page is parsed (so it blocks the first paint, no
// flash), the other is linked the first time the theme changes (a toggle, the system, another tab).
(function (window, document) {
  var key = 'dealflow-theme';
  var root = document.documentElement;
  var media = window.matchMedia('(prefers-color-scheme: dark)');
  var script = document.currentScript;
  var hrefs = script
    ? { light: script.getAttribute('data-light'), dark: script.getAttribute('data-dark') }
    : {};
  var linked = {};
  function link(theme) {
    var href = hrefs[theme];
    if (!href || linked[theme]) return;
    linked[theme] = true;
    if (document.readyState === 'loading' && script && document.currentScript === script) {
      document.write('<link rel="stylesheet" data-theme-css="' + theme + '" href="' + href + '" />');
      return;
    }
    var element = document.createElement('link');
    element.rel = 'stylesheet';
    element.href = href;
    element.setAttribute('data-theme-css', theme);
    document.head.appendChild(element);
  }
  function apply() {
    var chosen = null;
    try {
      chosen = window.localStorage.getItem(key);
    } catch (error) {
      chosen = error && null;
    }
    var theme = chosen === 'dark' || chosen === 'light' ? chosen : media.matches ? 'dark' : 'light';
    root.setAttribute('data-theme', theme);
    root.style.colorScheme = theme;
  }
  apply();
  link(root.getAttribute('data-theme'));
  // Whoever changes the theme (chooseTheme in theme-store.ts too), its stylesheet follows.
  new window.MutationObserver(function () {
    link(root.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
  }).observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  media.addEventListener('change', apply);
  window.addEventListener('storage', function (event) {
    if (event.key === key) apply();
  });
})(this, this.document);
