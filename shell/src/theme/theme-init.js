// Sets <html data-theme> before the first paint (see README "Dark mode"); loaded by index.html, blocking.
(function (window, document) {
  var key = 'dealflow-theme';
  var root = document.documentElement;
  var media = window.matchMedia('(prefers-color-scheme: dark)');
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
  media.addEventListener('change', apply);
  window.addEventListener('storage', function (event) {
    if (event.key === key) apply();
  });
})(this, this.document);
