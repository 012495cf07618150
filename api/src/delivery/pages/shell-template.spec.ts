import type { AppConfig } from '../../config/config.js';
import { ShellTemplate, type PageParts, type ShellFiles } from './shell-template.js';

const TEMPLATE = [
  '<!doctype html><html><head><!--site-head--><!--site-styles--><style>body{margin:0}</style></head>',
  '<body class="site"><div id="root"><!--site-body--></div><!--site-config--><!--site-scripts--></body></html>',
].join('\n');

const files = (): ShellFiles => ({
  template: TEMPLATE,
  build: '{}',
  assets: { scripts: ['assets/main.js'], styles: ['assets/main.css'] },
});

const shell = new ShellTemplate({ frontend: { shellUrl: null } } as unknown as AppConfig);

const parts = (overrides: Partial<PageParts> = {}): PageParts => ({
  head: ['<title>案例</title>', '<meta name="description" content="说明" />'],
  styles: [{ href: '/remotes/mf_desktop/r1/app.css', text: '.a{color:red}' }],
  config: { origin: 'https://www.example.com' } as PageParts['config'],
  stateJson: '{"a":1}',
  ...overrides,
});

describe('ShellTemplate.fill', () => {
  it('should fill every marker and cut the page at the body', () => {
    const [before, after] = shell.fill(files(), parts());
    expect(before).toBe(
      '<!doctype html><html><head><title>案例</title>\n    <meta name="description" content="说明" />' +
        '<link rel="stylesheet" href="/assets/main.css" data-href="main.css" />' +
        '<style data-href="app.css" data-source="/remotes/mf_desktop/r1/app.css">.a{color:red}</style>' +
        '<style>body{margin:0}</style></head>\n<body class="site"><div id="root">',
    );
    expect(after).toBe(
      '</div><script id="site-config" type="application/json">{"origin":"https://www.example.com"}</script>' +
        '<script id="site-state" type="application/json">{"a":1}</script>' +
        '<script defer src="/assets/main.js"></script></body></html>',
    );
  });

  it('should put the banner right after the body opens, and nothing without one', () => {
    const [withBanner] = shell.fill(files(), parts({ banner: '<div role="status">预览</div>' }));
    expect(withBanner).toContain('<body class="site"><div role="status">预览</div><div id="root">');
    const [plain] = shell.fill(files(), parts());
    expect(plain).toContain('<body class="site"><div id="root">');
  });

  it('should take what a page fills in as it is, dollar signs too', () => {
    // `String.replace` would read `$&` and `$'` in a replacement as the marker and the text after it.
    const [before, after] = shell.fill(files(), parts({ head: ["<title>$& 与 $' 价格</title>"], stateJson: '"$`"' }));
    expect(before).toContain("<head><title>$& 与 $' 价格</title><link");
    expect(after).toContain('<script id="site-state" type="application/json">"$`"</script>');
  });

  it('should leave out the state of a page rendered in the browser', () => {
    const [, after] = shell.fill(files(), parts({ stateJson: null, styles: [] }));
    expect(after).not.toContain('site-state');
  });

  it('should make the same page from the same parts each time', () => {
    const same = files();
    expect(shell.fill(same, parts())).toEqual(shell.fill(same, parts()));
    expect(shell.fill(same, parts())).toEqual(shell.fill(files(), parts()));
  });
});
