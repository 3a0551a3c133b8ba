// Presses on a page's controls before its app is live, kept for the app to replay
// (src/rendering/early-press.ts). A classic script of its own, loaded async from the page's head: it
// runs long before the app's script on a slow link, and under the CSP (script-src 'self') a page
// can carry no inline script. A control opts in with data-early-press="<a key unique on the page>";
// its group, once hydrated, marks itself live and presses it as often as the reader did. Its name is not
// hashed (browsers keep it an hour): a new app must still read the queue an older copy of this file wrote.
(function () {
  var presses = (window.__earlyPresses = window.__earlyPresses || { queue: [], live: new WeakSet() });
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      var control = target && target.closest ? target.closest('[data-early-press]') : null;
      if (!control || control.disabled) return;
      // A press inside a live group is React's own.
      for (var el = control; el; el = el.parentElement) if (presses.live.has(el)) return;
      presses.queue.push({ key: control.getAttribute('data-early-press'), event: event });
      // A submit button (Register Now's GET of /login, the events page's view switch) is what the page
      // does without script; with script its group decides once live (a signed-in reader registers).
      if (control.type === 'submit') event.preventDefault();
    },
    true,
  );
})();
