import type { Rule } from 'eslint';

export declare const clientBoundary: { rules: Record<'client-imports' | 'shared-stays-client-safe', Rule.RuleModule> };
