/// <reference lib="webworker" />
// TODO(helper): the service worker (precache app shell, offline navigation, update prompt).
import { precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope;
precacheAndRoute(self.__WB_MANIFEST);
