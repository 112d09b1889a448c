throw new Error('Murmur does not process images with sharp; it is not installed.');
