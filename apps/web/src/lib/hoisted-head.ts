/**
 * React 19's server renderer, given a tree that is not a whole document (no `<html>`), writes what it
 * hoists for the head — `<title>`, `<meta>`, `<link>`, hoisted `<style>` and `<script>` — before the
 * tree's own markup (react-dom/server: the preamble, then the root segment), with no `<head>` to hold
 * them. This splits the two: the head elements go into the served page's `<head>`, the rest into
 * `#root`. The app's first element (AppShell's skip link) is never one of them, so the split is exact.
 */
const HEAD_ELEMENT = /^(?:<(?:meta|link|base)\b[^>]*>|<(title|style|script)\b[^>]*>[\s\S]*?<\/\1>)/i;

export function splitHoistedHead(html: string): { head: string; markup: string } {
  let end = 0;
  for (let match = HEAD_ELEMENT.exec(html); match; match = HEAD_ELEMENT.exec(html.slice(end))) end += match[0].length;
  return { head: html.slice(0, end), markup: html.slice(end) };
}
