/** Blocks: a freelancer blocked at one restaurant. */
export { Block } from './block.entity';
export * from './blocks.service';
export * from './blocks.queries';
export * from './restaurant-blocks';
