"""The web application (the ``web`` extra): ``phidelta serve`` or :func:`create_app`."""

from phidelta.web._app import ServeError, create_app, serve
from phidelta.web._storage import Store, StoreError, default_database_path

__all__ = ["ServeError", "Store", "StoreError", "create_app", "default_database_path", "serve"]
