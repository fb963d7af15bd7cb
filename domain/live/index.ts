export * from './changes';
export * from './docs';
export * from './topics';
