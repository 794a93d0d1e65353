"""The web application (the ``web`` extra): ``phidelta serve`` or :func:`create_app`."""

from phidelta.web._app import create_app, serve
from phidelta.web._storage import Store, default_database_path

__all__ = ["Store", "create_app", "default_database_path", "serve"]
