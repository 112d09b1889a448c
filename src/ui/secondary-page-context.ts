import { createContext } from 'react';

/**
 * True inside a pane that sits beside the screen's main content (a list beside the open entry): a Page
 * there titles its pane with an h2 and leaves the document's title and the page's h1 to the entry.
 */
export const SecondaryPageContext = createContext(false);
