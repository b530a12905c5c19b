/**
 * A pool worker that cannot load (a module that throws as it is imported): each worker fails as it
 * starts. Plain JavaScript: Piscina imports a worker file twice when the first import throws (a
 * CommonJS `require`, then an ESM `import` that tsx does not reach in a worker), so a .ts file
 * failing this way is reported as ERR_UNKNOWN_FILE_EXTENSION, its own error lost.
 */
throw new Error('a worker that cannot load (test)');
