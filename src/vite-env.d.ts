/// <reference types="vite/client" />

declare const __MURMUR_BUILD_ID__: string;
declare const __MURMUR_VERSION__: string;
