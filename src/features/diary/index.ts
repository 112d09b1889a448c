export { DiaryEditor } from './diary-editor.tsx';
export { DiaryEntryPreview } from './diary-entry-preview.tsx';
export { DiaryList } from './diary-list.tsx';
export { newDiaryEntryPath } from './new-diary-entry-path.ts';
export { NoDiaryEntryOpen } from './no-diary-entry-open.tsx';
