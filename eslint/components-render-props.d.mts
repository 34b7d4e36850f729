import type { Rule } from 'eslint';

export declare const componentsRenderProps: { rules: Record<'no-database', Rule.RuleModule> };
