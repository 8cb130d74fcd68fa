/**
 * Text put inside an HTML `<script>` element must not end it early nor open the parser's
 * escaped state: JSON gets every `<` as `\u003c` (still the same JSON), the viewer's script
 * its `</script` and `<!--` broken with a backslash (only ever in its strings and regexes,
 * where `\/` and `\!` read as `/` and `!`). Pure.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function scriptSafeJs(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** Text for a `<style>` element: `</style` cannot appear in it. */
export function styleSafeCss(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/** Text for an HTML attribute or element body. */
export function htmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
