// Starts the app of a server-rendered page once that page has painted (apps/api/src/lib/spa-html/shell.ts,
// decisions §37): the page is readable and its links work without JavaScript, so on a slow
// connection its image and styles go first and the app's modules follow. Classic and deferred: the
// module scripts it adds are listed on its own element.
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var preloads = (me.getAttribute('data-modulepreload') || '').split(' ').filter(Boolean);
  var started = false;
  // A few elements a task: appending one starts its request there and then, a few milliseconds each
  // on a phone, more under load; the seventeen or so of a page in one task were a long task (decision 0123). In order:
  // the modulepreloads, then the entry.
  var PER_TASK = 2;
  function start() {
    if (started || !entry) return;
    started = true;
    var steps = preloads.map(function (href) {
      return function () {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      };
    });
    steps.push(function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.appendChild(script);
    });
    (function next() {
      steps.splice(0, PER_TASK).forEach(function (step) {
        step();
      });
      if (steps.length) setTimeout(next, 0);
    })();
  }
  // The page's priority images (the largest paint: `fetchpriority="high"`) on the screen, or failed: the
  // modules then no longer share a slow connection with them, nor the main thread with their decoding and
  // painting (decision 0120). Decoded is not yet shown: a 960 px cover decoded by 230 ms reached the screen
  // at 380 ms, and the modules requested meanwhile counted in the largest paint (decision 0135). Where the
  // browser reports an element's paint (Element Timing: `elementtiming` on each priority image), an image in
  // the first screen waits for its report (half a second after its decoding at most); elsewhere, and for an
  // image outside the first screen, its decoding.
  function afterPriorityImages(then) {
    var images = [].slice.call(document.querySelectorAll('img[fetchpriority="high"]'));
    var pending = images.length;
    if (!pending) return then();
    var done = function () {
      pending -= 1;
      if (pending === 0) then();
    };
    var reportsPaint = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('element') >= 0;
    var onScreen = function (image) {
      var box = image.getBoundingClientRect();
      return (
        box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth
      );
    };
    var awaited = [];
    images.forEach(function (image) {
      if (reportsPaint && image.getAttribute('elementtiming') && onScreen(image)) {
        var settled = false;
        var once = function () {
          if (settled) return;
          settled = true;
          done();
        };
        awaited.push({ image: image, done: once });
        if (image.complete && image.naturalWidth === 0) once();
        else image.addEventListener('error', once);
        // A paint never reported (an image kept transparent by its page) holds the start half a second at most.
        if (typeof image.decode === 'function')
          image.decode().then(function () {
            setTimeout(once, 500);
          }, once);
      } else if (typeof image.decode === 'function') image.decode().then(done, done);
      else if (image.complete) done();
      else {
        image.addEventListener('load', done);
        image.addEventListener('error', done);
      }
    });
    if (!awaited.length) return;
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (entry) {
        awaited.forEach(function (item) {
          if (item.image === entry.element) item.done();
        });
      });
    }).observe({ type: 'element', buffered: true });
  }
  function whenPainted() {
    afterPriorityImages(function () {
      setTimeout(start, 0);
    });
  }
  // Once the browser reports the first contentful paint as presented (a frame being produced is
  // not enough: with software raster it reaches the screen tens of milliseconds later). Without
  // paint timing, the frame after the next one; a hidden tab (no frames) starts on a timer.
  var supported = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (supported) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        whenPainted();
      }
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      requestAnimationFrame(whenPainted);
    });
  }
  setTimeout(start, 3000);
})();
