// Async boundary: Module Federation initialises the shared React before the app's code runs.
import('./bootstrap');
