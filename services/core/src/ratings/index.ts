/** Ratings between a business and a freelancer after a completed shift. */
export { Rating } from './rating.entity';
export * from './ratings.service';
