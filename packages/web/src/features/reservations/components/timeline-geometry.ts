// The reservation timeline's sizes (in the units of its SVG viewBox) and colours, shared by its parts.
import type { BarKind } from '../timeline-model';

export const LABEL_WIDTH = 128;
export const DAY_WIDTH = 132;
export const HEADER_HEIGHT = 38;
export const ROW_HEIGHT = 26;
export const BAR_INSET = 4;

export const BAR_COLORS: Record<BarKind, { fill: string; stroke: string }> = {
  mine: { fill: '#1c7ed6', stroke: '#1864ab' },
  shared: { fill: '#fab005', stroke: '#e67700' },
  others: { fill: '#e03131', stroke: '#a51111' },
  maintenance: { fill: '#495057', stroke: '#212529' },
};

export const SELECTION_COLOR = '#1864ab';
