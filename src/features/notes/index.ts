export { NoteEditorScreen } from './note-editor-screen.tsx';
export { NotesListScreen } from './notes-list-screen.tsx';
export { NotesTrashScreen } from './notes-trash-screen.tsx';
export { NoNoteOpen } from './no-note-open.tsx';
