// The book's RequireJS settings (issue 14), loaded between require.js and html-manager's embed-amd.js on the pages
// that show widgets. html-manager's bundle defines the @jupyter-widgets modules and loads its fonts from the folder
// RequireJS says each module sits in (by default the page's own folder): point them all at the copy served with the
// site, _static/_widgets/html-manager/ next to this file.
(function () {
  var here = document.currentScript.src.replace(/[^/]*$/, "");
  require.config({ paths: {
    "@jupyter-widgets": here + "html-manager",                        // @jupyter-widgets/base, controls, html-manager
    "@jupyter-widgets/html-manager/dist": here + "html-manager",      // @jupyter-widgets/html-manager/dist/libembed-amd
  } });
})();
