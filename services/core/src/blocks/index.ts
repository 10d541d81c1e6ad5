/** Blocks: a freelancer blocked at one restaurant. */
export { Block } from '../model/block.entity';
export * from './blocks.service';
export * from './restaurant-blocks';
