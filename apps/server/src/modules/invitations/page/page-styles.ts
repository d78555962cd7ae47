import { createHash } from 'node:crypto';

/**
 * All of the guest pages' CSS, inlined in <head>: no request for styles, nothing to block the first paint.
 * Tokens from docs/design.md (canvas, paper, ink, primary, rose, line; radius 10/16; 44 px targets). System
 * fonts: a web font would cost a request and a swap on the one page that must be fast on a weak connection.
 * Logical properties (inline-start/end) so the same rules lay out he/ar right to left.
 */
export const PAGE_CSS = [
  '*,*::before,*::after{box-sizing:border-box}',
  'html{-webkit-text-size-adjust:100%;text-size-adjust:100%}',
  'body{margin:0;background:#FBF8F5;color:#2A2433;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Hebrew","Noto Sans Arabic",Arial,sans-serif;overflow-wrap:anywhere}',
  'main{max-width:34rem;margin:0 auto;padding:0 .75rem 1.5rem}',
  '.ribbon{background:#B73E63;color:#fff;text-align:center;font-weight:600;padding:.5rem 1rem}',
  '.langs{display:flex;flex-wrap:wrap;justify-content:center;gap:.25rem;list-style:none;margin:0 auto;padding:.5rem .75rem 0;max-width:34rem}',
  '.langs a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;padding:0 .875rem;border-radius:999px;color:#4E43C0;font-weight:600;text-decoration:none}',
  '.langs a[aria-current]{background:#EEEBFD;color:#2A2433}',
  '.card{background:#fff;border:1px solid #E9E3EC;border-radius:16px;box-shadow:0 2px 10px rgba(42,36,51,.06);margin-top:.75rem;padding:1rem 1.125rem;overflow:hidden}',
  '.hero{padding:0}.hero img{display:block;width:100%;height:auto;background:#EEEBFD}',
  '.hero>div{padding:1.5rem 1.25rem 1.25rem;text-align:center;background:linear-gradient(180deg,#F3F0FE 0%,#fff 70%)}',
  '.ornament{display:block;width:72px;height:36px;margin:0 auto .5rem}',
  '.hero h1{font-size:1.875rem;margin-bottom:.5rem}.hero .greet{color:#B73E63}',
  '.hero .rule{width:3rem;height:2px;background:#E8B64C;border:0;margin:.75rem auto}',
  '.qr{max-width:240px;margin:0 auto;background:#fff}',
  '.qr svg{display:block;width:100%;height:auto}',
  'h1{font-size:1.625rem;line-height:1.25;margin:0 0 .25rem}h2{font-size:1.25rem;line-height:1.3;margin:0 0 .5rem}',
  'p{margin:0 0 .375rem}.soft{color:#5E5668}.big{font-size:1.125rem;font-weight:600}',
  'a{color:#4E43C0}',
  '.btns{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.75rem}',
  '.btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.5rem 1rem;border-radius:10px;border:1px solid #6457E6;background:#fff;color:#4E43C0;font:inherit;font-weight:600;text-decoration:none;text-align:center;cursor:pointer}',
  '.btns .btn{flex:1 1 9rem}',
  '.main{background:#6457E6;color:#fff;min-height:52px;width:100%;font-size:1.0625rem}.main:hover{background:#4E43C0}',
  ':focus-visible{outline:3px solid #6457E6;outline-offset:2px}',
  'fieldset{border:0;margin:0 0 1.25rem;padding:0;min-width:0}',
  'legend,.label{display:block;font-weight:600;font-size:1rem;margin:0 0 .5rem;padding:0}',
  '.card h3{margin-top:1rem}',
  '.field{margin-bottom:1.25rem}',
  '.choice{display:flex;align-items:center;gap:.75rem;min-height:52px;padding:.5rem .875rem;border:2px solid #E9E3EC;border-radius:10px;margin-bottom:.5rem;cursor:pointer;font-weight:600}',
  '.choice:has(input:checked){border-color:#6457E6;background:#EEEBFD}',
  '.choice input{width:1.375rem;height:1.375rem;margin:0;flex:none;accent-color:#6457E6}',
  'input[type=text],input[type=tel],input[type=number],select,textarea{display:block;width:100%;min-height:44px;padding:.5rem .75rem;border:1px solid #7A7185;border-radius:10px;background:#fff;color:inherit;font:inherit}',
  'textarea{min-height:6rem;resize:vertical}',
  '.meal{display:flex;align-items:center;justify-content:space-between;gap:1rem;margin-bottom:.5rem}.meal input{width:5.5rem;flex:none}',
  '.hint{font-size:.875rem;color:#5E5668;margin:0 0 .5rem}',
  '.err{color:#B3261E;font-weight:600;font-size:.9375rem;margin:.375rem 0 0}',
  '[aria-invalid=true]{border-color:#B3261E!important;border-width:2px!important}',
  '.alert,.done{border-radius:10px;padding:.75rem 1rem;margin-bottom:1rem;border:2px solid}',
  '.alert{border-color:#B3261E;background:#FDF1F0}.alert ul{margin:.25rem 0 0;padding-inline-start:1.25rem}.alert a{color:#B3261E;font-weight:600}',
  '.done{border-color:#1E6B3F;background:#EEF8F1;color:#1E6B3F;font-weight:600}',
  '.summary{background:#EEEBFD;border-radius:10px;padding:.75rem 1rem;margin-bottom:1rem}',
  '.summary>p:last-child{margin:0}.summary ul{margin:.25rem 0 0;padding-inline-start:1.25rem}',
  'details{margin-top:1.25rem;border-top:1px solid #E9E3EC;padding-top:.5rem}',
  'summary{display:flex;align-items:center;min-height:44px;cursor:pointer;color:#4E43C0;font-weight:600}',
  '.change{border:0;margin:0;padding:0}.change>summary{justify-content:center;border:1px solid #6457E6;border-radius:10px;margin-bottom:1rem}.change[open]>summary{margin-bottom:1.25rem}',
  'footer{text-align:center;font-size:.875rem;color:#5E5668;padding:.5rem 1rem 1.5rem}footer p{margin:0}',
  'footer a{display:inline-flex;align-items:center;min-height:44px;padding:0 .5rem}',
  'bdi{unicode-bidi:isolate}[hidden]{display:none!important}.nowrap{white-space:nowrap}',
  '@media (min-width:40rem){h1{font-size:1.875rem}.hero h1{font-size:2.25rem}main{padding-top:.5rem}}',
].join('');

/** For the page's Content-Security-Policy: this exact inline style may apply, no other. */
export const PAGE_CSS_HASH = `'sha256-${createHash('sha256').update(PAGE_CSS).digest('base64')}'`;
