export type HtmlVariantName = 'as-served' | 'no-external-scripts' | 'no-scripts' | 'no-payload' | 'scripts-after-first-paint';
export declare const HTML_VARIANTS: Record<HtmlVariantName, (html: string) => string>;
export declare function scriptsAfterFirstPaint(html: string): string;
