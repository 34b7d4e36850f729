import type { ReactNode } from 'react';
import './globals.css';

// The real root layout is app/[locale]/[variant]/layout.tsx (it knows the language for <html lang>).
export default function PassThroughLayout({ children }: { children: ReactNode }) {
  return children;
}
