// The session a sign-in form posted without the app hands over (apps/api/src/modules/auth/auth-forms.routes.ts,
// decision 0121): stored as the app's own sign-in stores it (src/lib/tokens.ts, src/lib/session.ts: the pair
// under accessToken / refreshToken, no cached user), then the page asked for replaces this one.
(function () {
  var element = document.getElementById('session-handover');
  if (!element) return;
  var data;
  try {
    data = JSON.parse(element.textContent || '');
  } catch {
    return;
  }
  var next = typeof data.next === 'string' && data.next.charAt(0) === '/' && data.next.charAt(1) !== '/' ? data.next : '/home';
  try {
    localStorage.setItem('accessToken', data.accessToken);
    localStorage.setItem('refreshToken', data.refreshToken);
    localStorage.removeItem('userData');
    localStorage.removeItem('userCacheTimestamp');
  } catch {
    // Storage disabled: the app behaves as signed out, as it would after its own sign-in.
  }
  element.textContent = '';
  location.replace(next);
})();
