// Vite bundles a stylesheet imported for its side effect (uPlot's, with the progress page's chart).
declare module '*.css'
