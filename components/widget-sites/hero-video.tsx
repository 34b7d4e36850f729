'use client';

import dynamic from 'next/dynamic';

/**
 * The hero video's facade, split into a chunk of its own: the page's client code is loaded on
 * every site, and a site without a video must not carry the player's code.
 */
export const HeroVideo = dynamic(() => import('./hero-video-facade').then((module) => module.HeroVideoFacade));
