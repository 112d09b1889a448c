/**
 * The named paper colours every colour picker offers (notes, diary, their defaults); each name is the
 * key of its label under `pickers.colors`. A stored colour not among them is kept and shown as custom.
 */
export const PAPER_COLORS: readonly { value: string; name: string }[] = [
  { value: '#FFF7D1', name: 'cream' },
  { value: '#FFE4E1', name: 'rose' },
  { value: '#E0F2FE', name: 'sky' },
  { value: '#DCFCE7', name: 'mint' },
  { value: '#F3E8FF', name: 'lavender' },
  { value: '#FDE68A', name: 'amber' },
  { value: '#E5E7EB', name: 'grey' },
  { value: '#1F2937', name: 'charcoal' },
];
