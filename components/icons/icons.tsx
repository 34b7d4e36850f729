import {
  Accessibility as AccessibilityNode,
  ArrowDown as ArrowDownNode,
  ArrowLeft as ArrowLeftNode,
  ArrowUp as ArrowUpNode,
  ArrowUpDown as ArrowUpDownNode,
  Ban as BanNode,
  BusFront as BusFrontNode,
  CalendarClock as CalendarClockNode,
  CalendarX2 as CalendarX2Node,
  Check as CheckNode,
  CheckCircle2 as CheckCircle2Node,
  ChevronLeft as ChevronLeftNode,
  ChevronRight as ChevronRightNode,
  CircleAlert as CircleAlertNode,
  CircleCheck as CircleCheckNode,
  CircleX as CircleXNode,
  Clock as ClockNode,
  Copy as CopyNode,
  Download as DownloadNode,
  ExternalLink as ExternalLinkNode,
  EyeOff as EyeOffNode,
  FileDown as FileDownNode,
  FileSpreadsheet as FileSpreadsheetNode,
  FileText as FileTextNode,
  History as HistoryNode,
  type IconNode,
  Info as InfoNode,
  Languages as LanguagesNode,
  LoaderCircle as LoaderCircleNode,
  Mail as MailNode,
  MapPin as MapPinNode,
  MessageCircle as MessageCircleNode,
  Pencil as PencilNode,
  Phone as PhoneNode,
  PlayCircle as PlayCircleNode,
  Plus as PlusNode,
  RotateCcw as RotateCcwNode,
  Search as SearchNode,
  SearchX as SearchXNode,
  Send as SendNode,
  Store as StoreNode,
  Wallet as WalletNode,
  X as XNode,
} from 'lucide';
import { createElement, type SVGProps } from 'react';

// The Lucide icons server components draw. lucide-react's icons are client components (its `Icon`
// is `'use client'`, for a context provider we do not use), so every icon a server component
// rendered was a client reference: its SVG data serialized into the page's RSC payload and the
// icon rendered again on the client when the page hydrated (17 on a tour page). These draw the
// same icons, from `lucide` (the same project's data package), as plain SVG in the HTML: no client
// code, no hydration. Client components keep lucide-react (tests/lint/icons.test.ts holds the line).

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

function icon(name: string, node: IconNode) {
  function LucideIcon({ size = 24, strokeWidth = 2, className, ...rest }: IconProps) {
    // As lucide-react: decorative unless the caller names it.
    const decorative = !rest['aria-label'] && !rest['aria-labelledby'] && !rest.role;
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        // Joined, not merged (cn): tailwind-merge would join these icons wherever a client module draws one.
        className: ['lucide', `lucide-${name}`, className].filter(Boolean).join(' '),
        ...(decorative ? { 'aria-hidden': true } : {}),
        ...rest,
      },
      node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
    );
  }
  LucideIcon.displayName = name;
  return LucideIcon;
}

export const Accessibility = /* @__PURE__ */ icon('accessibility', AccessibilityNode);
export const ArrowDown = /* @__PURE__ */ icon('arrow-down', ArrowDownNode);
export const ArrowLeft = /* @__PURE__ */ icon('arrow-left', ArrowLeftNode);
export const ArrowUp = /* @__PURE__ */ icon('arrow-up', ArrowUpNode);
export const ArrowUpDown = /* @__PURE__ */ icon('arrow-up-down', ArrowUpDownNode);
export const Ban = /* @__PURE__ */ icon('ban', BanNode);
export const BusFront = /* @__PURE__ */ icon('bus-front', BusFrontNode);
export const CalendarClock = /* @__PURE__ */ icon('calendar-clock', CalendarClockNode);
export const CalendarX2 = /* @__PURE__ */ icon('calendar-x-2', CalendarX2Node);
export const Check = /* @__PURE__ */ icon('check', CheckNode);
export const CheckCircle2 = /* @__PURE__ */ icon('circle-check', CheckCircle2Node);
export const ChevronLeft = /* @__PURE__ */ icon('chevron-left', ChevronLeftNode);
export const ChevronRight = /* @__PURE__ */ icon('chevron-right', ChevronRightNode);
export const CircleAlert = /* @__PURE__ */ icon('circle-alert', CircleAlertNode);
export const CircleCheck = /* @__PURE__ */ icon('circle-check', CircleCheckNode);
export const CircleX = /* @__PURE__ */ icon('circle-x', CircleXNode);
export const Clock = /* @__PURE__ */ icon('clock', ClockNode);
export const Copy = /* @__PURE__ */ icon('copy', CopyNode);
export const Download = /* @__PURE__ */ icon('download', DownloadNode);
export const ExternalLink = /* @__PURE__ */ icon('external-link', ExternalLinkNode);
export const EyeOff = /* @__PURE__ */ icon('eye-off', EyeOffNode);
export const FileDown = /* @__PURE__ */ icon('file-down', FileDownNode);
export const FileSpreadsheet = /* @__PURE__ */ icon('file-spreadsheet', FileSpreadsheetNode);
export const FileText = /* @__PURE__ */ icon('file-text', FileTextNode);
export const History = /* @__PURE__ */ icon('history', HistoryNode);
export const Info = /* @__PURE__ */ icon('info', InfoNode);
export const Languages = /* @__PURE__ */ icon('languages', LanguagesNode);
export const LoaderCircle = /* @__PURE__ */ icon('loader-circle', LoaderCircleNode);
export const Mail = /* @__PURE__ */ icon('mail', MailNode);
export const MapPin = /* @__PURE__ */ icon('map-pin', MapPinNode);
export const MessageCircle = /* @__PURE__ */ icon('message-circle', MessageCircleNode);
export const Pencil = /* @__PURE__ */ icon('pencil', PencilNode);
export const Phone = /* @__PURE__ */ icon('phone', PhoneNode);
export const PlayCircle = /* @__PURE__ */ icon('circle-play', PlayCircleNode);
export const Plus = /* @__PURE__ */ icon('plus', PlusNode);
export const RotateCcw = /* @__PURE__ */ icon('rotate-ccw', RotateCcwNode);
export const Search = /* @__PURE__ */ icon('search', SearchNode);
export const SearchX = /* @__PURE__ */ icon('search-x', SearchXNode);
export const Send = /* @__PURE__ */ icon('send', SendNode);
export const Store = /* @__PURE__ */ icon('store', StoreNode);
export const Wallet = /* @__PURE__ */ icon('wallet', WalletNode);
export const X = /* @__PURE__ */ icon('x', XNode);
