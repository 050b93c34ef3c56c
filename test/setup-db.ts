process.env.STIGMEM_DATA_DIR ??= 'memory://';
