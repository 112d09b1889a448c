/**
 * Who a bundled module belongs to, for the bundle breakdown: the npm package for dependencies
 * (scoped names kept whole), otherwise the app folder two levels under src/.
 */
export function packageOf(moduleId: string): string {
  const path = moduleId.replace(/\\/g, '/').replace(/^\0/, '');
  const nodeModules = path.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) {
    const parts = path.slice(nodeModules + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? path);
  }
  const src = path.lastIndexOf('/src/');
  if (src >= 0) {
    const parts = path.slice(src + 1).split('/');
    return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts.join('/');
  }
  return path.startsWith('vite/') || path.includes('rolldown') ? 'bundler runtime' : path;
}
