/**
 * The stored-XSS corpus of the attack suite (e2e/tests/platform/stored-xss.spec.ts): several hundred vectors,
 * generated here rather than copied, after the categories of these public sources:
 *
 * - OWASP, "XSS Filter Evasion Cheat Sheet" (cheatsheetseries.owasp.org): tag and attribute obfuscation,
 *   entity-encoded and whitespace-split `javascript:` URLs, malformed tags, nested and split tags;
 * - PortSwigger, "Cross-site scripting (XSS) cheat sheet" (portswigger.net/web-security/cross-site-scripting/
 *   cheat-sheet): event handlers that fire without interaction per tag, protocols, consuming tags, mXSS;
 * - Mario Heiderich, "HTML5 Security Cheatsheet" (html5sec.org): autofocus and animation triggers, SVG and
 *   MathML namespace confusion, `srcdoc`, `formaction`, comment and CDATA breakouts;
 *
 * plus the hand-written vectors the sanitiser's unit tests use (api/test/support/xss-corpus.ts) by category.
 * Every vector, if it ran, calls a sink the test traps: `alert`, `confirm`, `prompt` or the `__xss` marker.
 */

/** Script bodies: each calls a trapped sink, some spelt to slip past naive filters. */
const PAYLOADS = [
  'alert(1)',
  'confirm(2)',
  'prompt(3)',
  'window.__xss=4',
  "top['al'+'ert'](5)",
  'self[atob(`YWxlcnQ=`)](6)',
  '[7].map(alert)',
  'alert`8`',
  '(0,alert)(9)',
  "eval('ale'+'rt(10)')",
];

/** Tags with an event that fires with no one touching the page, and the attributes that make it fire. */
const AUTO_FIRING: Array<[string, string]> = [
  ['img src=x', 'onerror'],
  ['image src=x', 'onerror'],
  ['svg', 'onload'],
  ['body', 'onload'],
  ['body', 'onpageshow'],
  ['details open', 'ontoggle'],
  ['input autofocus', 'onfocus'],
  ['input autofocus', 'onfocusin'],
  ['select autofocus', 'onfocus'],
  ['textarea autofocus', 'onfocus'],
  ['button autofocus', 'onfocus'],
  ['div tabindex=1 autofocus', 'onfocus'],
  ['video src=x', 'onerror'],
  ['audio src=x', 'onerror'],
  ['video><source src=x', 'onerror'],
  ['iframe', 'onload'],
  ['object data=x', 'onerror'],
  ['marquee', 'onstart'],
  ['style', 'onload'],
  ['link rel=stylesheet href=x', 'onerror'],
  ['script src=x', 'onerror'],
  ['svg><animate attributeName=x dur=1s', 'onbegin'],
  ['svg><set attributeName=x to=1', 'onbegin'],
  ['x style="animation-name:spin;animation-duration:1s"', 'onanimationstart'],
  ['p style="transition:color 1s" id=t', 'ontransitionrun'],
  ['form><button autofocus', 'onfocus'],
  ['math><maction actiontype=statusline', 'onclick'],
  ['x contenteditable autofocus', 'onfocus'],
  ['a href=# autofocus', 'onfocus'],
  ['embed src=x', 'onerror'],
];

/** How the attribute is written: quoted, unquoted, split by odd separators, in odd case. */
const SPELLINGS: Array<(tag: string, event: string, code: string) => string> = [
  (tag, event, code) => `<${tag} ${event}=${code}>`,
  (tag, event, code) => `<${tag} ${event}="${code}">`,
  (tag, event, code) => `<${tag.replace(/ /g, '/')}/${event.toUpperCase()}='${code}'>`,
  (tag, event, code) => `<${tag.toUpperCase()}\n${event}\t=\t"${code}"\n>`,
  (tag, event, code) => `<${tag} x=">" ${event}=${code}//`,
];

/** URL-bearing attributes and how a URL scheme can be spelt. */
const URL_ATTRIBUTES = [
  (url: string) => `<a href="${url}">链接</a>`,
  (url: string) => `<iframe src="${url}"></iframe>`,
  (url: string) => `<form action="${url}"><button>提交</button></form>`,
  (url: string) => `<button form=f formaction="${url}">x</button>`,
  (url: string) => `<object data="${url}"></object>`,
  (url: string) => `<embed src="${url}">`,
  (url: string) => `<svg><a xlink:href="${url}"><text y=20>x</text></a></svg>`,
  (url: string) => `<math href="${url}">x</math>`,
  (url: string) => `<meta http-equiv="refresh" content="0;url=${url}">`,
  (url: string) => `<img src="${url}">`,
  (url: string) => `<base href="${url}">`,
  (url: string) => `<area href="${url}">`,
];
const SCHEMES = [
  'javascript:alert(11)',
  'JaVaScRiPt:alert(12)',
  '&#106;avascript:alert(13)',
  '&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(14)',
  'java&#x09;script:alert(15)',
  'java\nscript:alert(16)',
  ' \u0001javascript:alert(17)',
  'javascript&colon;alert(18)',
  'javascript://%0aalert(19)',
  'javascript:%61lert(20)',
  'data:text/html,<script>alert(21)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgyMik8L3NjcmlwdD4=',
  'vbscript:alert(23)',
];

/** Ways out of the context a plain text lands in: attributes, raw-text elements, comments, JSON, templates. */
const BREAKOUTS = [
  '"><img src=x onerror=alert(31)>',
  "'><svg onload=alert(32)>",
  '" autofocus onfocus="alert(33)" x="',
  "' autofocus onfocus='alert(34)' x='",
  '` onmouseover=alert(35) `',
  '"><script>alert(36)</script>',
  '</title><script>alert(37)</script>',
  '</title><img src=x onerror=alert(38)>',
  '</textarea><script>alert(39)</script>',
  '</textarea><img src=x onerror=alert(40)>',
  '</style><script>alert(41)</script>',
  '</style><img src=x onerror=alert(42)>',
  '</script><script>alert(43)</script>',
  '</script><img src=x onerror=alert(44)>',
  '</ScRiPt ><script>alert(45)</script>',
  '"}</script><script>alert(46)</script>',
  '\\u003c/script\\u003e\\u003cscript\\u003ealert(47)\\u003c/script\\u003e',
  '"},"x":"</script><svg onload=alert(48)>',
  '</noscript><img src=x onerror=alert(49)>',
  '--><img src=x onerror=alert(50)>',
  ']]><img src=x onerror=alert(51)>',
  '</select><img src=x onerror=alert(52)>',
  '</option></select><svg onload=alert(53)>',
  '</iframe><script>alert(54)</script>',
  '</xmp><script>alert(55)</script>',
  '</plaintext><script>alert(56)</script>',
  '{{constructor.constructor("alert(57)")()}}',
  '${alert(58)}',
  '#{alert(59)}',
  '<%= alert(60) %>',
  '[[${alert(61)}]]',
  '{{$on.constructor("alert(62)")()}}',
  '\u2028\u2029</script><script>alert(63)</script>',
  '" content="0;url=javascript:alert(64)" http-equiv="refresh',
  'javascript:alert(65)',
  '"onmouseover="alert(66)',
];

/** Whole vectors that defeat filters by structure: nesting, splitting, encodings, namespace confusion. */
const OBFUSCATED = [
  '<scr<script>ipt>alert(70)</scr</script>ipt>',
  '<<script>script>alert(71)<</script>/script>',
  '<img src=x onerror=al/**/ert(72)>',
  '<img src=x onerror=&#97;&#108;&#101;&#114;&#116;&#40;&#55;&#51;&#41;>',
  '<img src=x onerror=&#x61;&#x6c;&#x65;&#x72;&#x74;&#x28;&#x37;&#x34;&#x29;>',
  '<img src=x onerror=&#0000097lert(75)>',
  '<img src=x onerror="\\u0061lert(76)">',
  '<img src=x onerror="eval(\'\\x61lert(77)\')">',
  '<svg><script>alert&#40;78&#41;</script></svg>',
  '<svg><script href=data:,alert(79) />',
  '<svg><script xlink:href=data:,alert(80)></script></svg>',
  '+ADw-script+AD4-alert(81)+ADw-/script+AD4-',
  '%3Cscript%3Ealert(82)%3C/script%3E',
  '%253Cscript%253Ealert(83)%253C/script%253E',
  '&lt;script&gt;alert(84)&lt;/script&gt;',
  '<noscript><p title="</noscript><img src=x onerror=alert(85)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(86)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(87)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(88)>',
  '<math><mi><table><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(89) src=1>">',
  '<template><img src=x onerror=alert(90)></template>',
  '<iframe srcdoc="<script>alert(91)</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror=alert(92)&gt;"></iframe>',
  '<!--<img src="--><img src=x onerror=alert(93)//">',
  '<img """><script>alert(94)</script>">',
  '<img src=`x`onerror=alert(95)>',
  '<img\u000csrc=x onerror=alert(96)>',
  '<img src=x\u000bonerror=alert(97)>',
  '<svg/onload=alert(98)//',
  '<svg onload=alert(99)<!--',
  '<xss onafterscriptexecute=alert(100)><script>1</script>',
  '<style>@keyframes x{}</style><xss style="animation-name:x" onanimationend=alert(101)></xss>',
  '<p style="background:url(javascript:alert(102))">x</p>',
  '<p style="width:expression(alert(103))">x</p>',
  '<div style="behavior:url(x.htc)" onmouseover=alert(104)>x</div>',
  '<a href="https://ok.example.com" onclick=alert(105)>x</a>',
  '<a href="https://ok.example.com" xlink:href="javascript:alert(106)">x</a>',
  '<isindex action=javascript:alert(107) type=image>',
  '<frameset onload=alert(108)>',
  '<table background="javascript:alert(109)"><tr><td>x</td></tr></table>',
  '<script>alert(110)</script>',
  '<SCRIPT SRC=//xss.example.com/x.js></SCRIPT>',
  '<script/x>alert(111)</script>',
  '<script\n>alert(112)</script\n>',
  '<p>ok</p><script>window.__xss=113</script>',
  '<b><script>alert(114)</script></b>',
  '<img src="x:gif" onerror="window[\'al\'+\'ert\'](115)">',
  '<a href="mailto:a@example.com" onmouseover="alert(116)">mail</a>',
  '<input type=image src=x onerror=alert(117)>',
  '<keygen autofocus onfocus=alert(118)>',
];

/** The corpus: every vector once, in a stable order. */
export const XSS_CORPUS: readonly string[] = [
  ...new Set([
    ...AUTO_FIRING.flatMap(([tag, event], i) =>
      SPELLINGS.map((spell, j) => spell(tag, event, PAYLOADS[(i + j) % PAYLOADS.length]!)),
    ),
    ...URL_ATTRIBUTES.flatMap((attribute) => SCHEMES.map((scheme) => attribute(scheme))),
    ...BREAKOUTS,
    ...OBFUSCATED,
  ]),
];

/** The short vectors meant for plain-text fields: context breakouts first, then the shortest of the rest. */
export const PLAIN_TEXT_VECTORS: readonly string[] = [
  ...BREAKOUTS,
  ...XSS_CORPUS.filter((vector) => !BREAKOUTS.includes(vector) && vector.length <= 60),
];

/** Packs vectors into texts of at most `max` characters each (a vector longer than `max` is left out). */
export function pack(vectors: readonly string[], max: number, separator = ' '): string[] {
  const texts: string[] = [];
  let current = '';
  for (const vector of vectors) {
    if (vector.length > max) continue;
    const next = current ? `${current}${separator}${vector}` : vector;
    if (next.length > max) {
      texts.push(current);
      current = vector;
    } else current = next;
  }
  if (current) texts.push(current);
  return texts;
}

/** What must never be found in a rendered page's DOM: an event-handler attribute or a script URL. */
export const DANGEROUS_DOM = {
  /** Names of attributes that run script. */
  eventAttribute: /^on/i,
  /** Values of URL attributes that run script. */
  scriptUrl: /^\s*(javascript|vbscript|data:text\/html)/i,
};
